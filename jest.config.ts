import os from 'node:os';
import type { Config } from 'jest';

const tsJestCommon = { tsconfig: 'tsconfig.json', diagnostics: false };

const config: Config = {
  testTimeout: 30_000,
  // Jest's default on 2 cores is one worker, which runs every suite in its own process's band: the
  // suite took 1,072 s that way and 381 s with two workers (cold cache both times); most suites wait
  // on PGlite, ffmpeg or sockets rather than on the CPU.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/client/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src/client', '<rootDir>/src/contract', '<rootDir>/bench'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts'],
      transform: {
        '^.+\\.tsx?$': ['ts-jest', { ...tsJestCommon, tsconfig: { jsx: 'react-jsx', module: 'CommonJS', esModuleInterop: true, target: 'ES2022' } }],
      },
      moduleNameMapper: { '\\.(png|svg|jpg|webp|css)$': '<rootDir>/src/client/test/fileStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server'],
      testMatch: ['**/*.test.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { ...tsJestCommon, useESM: true }] },
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      globalSetup: '<rootDir>/src/server/test/globalSetup.mjs',
    },
  ],
};

export default config;
