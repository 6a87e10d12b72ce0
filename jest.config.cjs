// One jest run covers every folder of tests/: unit, api, convert, e2e, worker.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.(tsx?|jsx?|mjs)$': '<rootDir>/tests/support/esbuild-transform.cjs' },
  // ESM-only packages are transformed too; everything else in node_modules is plain CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|peek-readable|uint8array-extras|@tokenizer|@borewit)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/empty-module.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 60_000,
};
