/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

interface Case {
  code: string;
  filePath: string;
}

/** Lints each snippet as if it were the file at its path, with the project's eslint.config.js (one ESLint run for all). */
function lint(cases: Case[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
    Promise.all(${JSON.stringify(cases)}.map((c) => eslint.lintText(c.code, { filePath: c.filePath })))
      .then((all) => process.stdout.write(JSON.stringify(all.map((results) => results[0].messages.map((m) => m.ruleId)))));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as string[][];
}

const importing = (what: string, from: string) => `import { ${what} } from '${from}';\nexport const use${what} = [${what}];\n`;

describe('feature boundaries (eslint.config.js)', () => {
  const [byIndex, byInternals, own, sharedIntoFeature, appComposes] = lint([
    { code: importing('LikeButton', '../../liked'), filePath: 'src/client/features/playlists/components/x.tsx' },
    { code: importing('radioApi', '../radio/radioApi'), filePath: 'src/client/features/stats/x.ts' },
    {
      code: importing('usePlaySongs', '../../../shared/player') + importing('Button', '../../../ui/Button') + importing('useLikedCount', '../hooks'),
      filePath: 'src/client/features/liked/components/x.tsx',
    },
    { code: importing('PlayerBar', '../../features/player'), filePath: 'src/client/shared/player/x.ts' },
    { code: importing('PlayerBar', '../features/player'), filePath: 'src/client/app/x.ts' },
  ]);

  it('forbids a feature importing another feature, by its index or its internals', () => {
    expect(byIndex).toContain('no-restricted-imports');
    expect(byInternals).toContain('no-restricted-imports');
  });

  it('lets a feature import its own files and the shared layers', () => {
    expect(own).not.toContain('no-restricted-imports');
  });

  it('forbids shared code importing a feature, and lets app/ compose features', () => {
    expect(sharedIntoFeature).toContain('no-restricted-imports');
    expect(appComposes).not.toContain('no-restricted-imports');
  });
});
