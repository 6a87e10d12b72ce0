// jest transform: TypeScript/TSX/ESM → CommonJS with esbuild. Dynamic import() is lowered to
// require() (jest's CommonJS runtime has no ESM loader without --experimental-vm-modules).
const crypto = require('node:crypto');
const esbuild = require('esbuild');

const OPTIONS = { format: 'cjs', target: 'node20', jsx: 'automatic', sourcemap: 'inline', supported: { 'dynamic-import': false } };
const VERSION = `${esbuild.version}:${JSON.stringify(OPTIONS)}`;

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash('sha1').update(VERSION).update(filename).update(source).digest('hex');
  },
  process(source, filename) {
    const loader = /\.tsx$/.test(filename) ? 'tsx' : /\.ts$/.test(filename) ? 'ts' : 'js';
    const { code } = esbuild.transformSync(source, { ...OPTIONS, loader, sourcefile: filename });
    return { code };
  },
};
