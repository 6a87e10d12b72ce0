// `require` for packages loaded only when a tool first runs (native modules such as
// onnxruntime-node and sherpa-onnx-node). The server bundle is ESM (no __filename) and the tests
// run CommonJS, so both resolve from the app's own folder: the server starts there (npm start).
import { createRequire } from 'node:module';
import path from 'node:path';

export const appRequire = createRequire(path.join(process.cwd(), 'package.json'));
