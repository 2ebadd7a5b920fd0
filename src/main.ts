// The entry of dist/guilds-code.js, run by its loader (src/boot/loader.ts).
import { serve } from './entry.js';
import { CODE_TOOLS } from './tools/index.js';

serve(CODE_TOOLS);
