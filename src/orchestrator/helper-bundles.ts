// The committed bundles, found from this module's own place: two folders below the package, here
// in src/orchestrator/ as in lib/chunks/, where the library build puts it (the local and bubblewrap
// sandboxes both import it, so it is a shared chunk). Kept out of sandboxes/ for that depth.
import { fileURLToPath } from 'node:url';

/** The committed bundle, the file an image ships. */
export const BUNDLED_HELPER = fileURLToPath(new URL('../../dist/guilds-code.js', import.meta.url));
/** The committed code_task helper. */
export const BUNDLED_HARNESS_HELPER = fileURLToPath(new URL('../../dist/guilds-harness.js', import.meta.url));
