// Import for its effect in tests that run the segmentation model in jest's process.
// onnxruntime-node's binding makes its output arrays in Node's main realm, and onnxruntime-common
// checks them with `instanceof Float32Array` in jest's sandbox realm; outside jest both are one.
import { runInThisContext } from 'node:vm';

globalThis.Float32Array = runInThisContext('Float32Array') as Float32ArrayConstructor;
