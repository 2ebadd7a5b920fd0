// npm run wasm: src/io/sha256.wat -> src/io/sha256-wasm-bytes.ts
import { writeFileSync } from 'node:fs';
import { assembleWat, BYTES_MODULE_PATH, bytesModuleSource, WAT_PATH } from './wasm-assemble.js';

const bytes = await assembleWat(WAT_PATH);
writeFileSync(BYTES_MODULE_PATH, bytesModuleSource(bytes));
console.log(`${BYTES_MODULE_PATH}: ${bytes.length} bytes of WebAssembly`);
