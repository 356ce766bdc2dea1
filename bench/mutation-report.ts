import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Run by `npm run mutation` after Stryker (stryker.config.mjs): reads Stryker's JSON report and writes the mutation
// score per folder to bench/MUTATION.md, with the date and the commit. Only the part between the two markers is
// written; the notes around it (survivors left on purpose, estimates) are kept.
//
//   npx tsx bench/mutation-report.ts [--report reports/mutation/mutation.json] [--out bench/MUTATION.md]

export const FOLDERS = ['store-api/src/domain', 'gateway/src/plugins', 'server'] as const;
const START = '<!-- mutation-report:start -->';
const END = '<!-- mutation-report:end -->';

type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface StrykerReport {
  files: Record<string, { mutants: { status: MutantStatus }[] }>;
  performance?: { setup?: number; initialRun?: number; mutation?: number };
}

export interface FolderScore {
  folder: string;
  /** files of the folder that Stryker mutated / source files the folder has */
  filesMutated: number;
  filesInFolder: number;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), %; null without valid mutants */
  score: number | null;
  /** (killed + timeout) / (killed + timeout + survived), %: of the mutants some test ran */
  coveredScore: number | null;
  /** files with surviving or uncovered mutants, most first */
  survivorsByFile: { file: string; survived: number; noCoverage: number }[];
}

/** The source files Stryker mutates in a folder (stryker.config.mjs: *.ts but no tests or declarations). */
function sourceFiles(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => `${folder}/${name.split('\\').join('/')}`);
}

const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

export function scoresPerFolder(report: StrykerReport, root = process.cwd()): FolderScore[] {
  const files = Object.entries(report.files).map(([name, file]) => [name.split('\\').join('/'), file] as const);
  return FOLDERS.map((folder) => {
    const inFolder = files.filter(([name]) => name.startsWith(`${folder}/`));
    const count = (status: MutantStatus, mutants = inFolder.flatMap(([, file]) => file.mutants)) => mutants.filter((m) => m.status === status).length;
    const all = inFolder.flatMap(([, file]) => file.mutants);
    const killed = count('Killed');
    const timeout = count('Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const detected = killed + timeout;
    return {
      folder,
      filesMutated: inFolder.length,
      filesInFolder: sourceFiles(root, folder).length,
      mutants: all.length,
      killed,
      timeout,
      survived,
      noCoverage,
      errors: count('CompileError') + count('RuntimeError'),
      ignored: count('Ignored'),
      score: percent(detected, detected + survived + noCoverage),
      coveredScore: percent(detected, detected + survived),
      survivorsByFile: inFolder
        .map(([file, { mutants }]) => ({ file, survived: count('Survived', mutants), noCoverage: count('NoCoverage', mutants) }))
        .filter((f) => f.survived + f.noCoverage > 0)
        .sort((a, b) => b.survived + b.noCoverage - (a.survived + a.noCoverage) || a.file.localeCompare(b.file)),
    };
  });
}

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

const minutes = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 60_000).toFixed(1)} min`);
const pct = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)} %`);

export function renderSection(scores: FolderScore[], report: StrykerReport, when: Date, commit: string): string {
  const lines = [
    START,
    `Last run: ${when.toISOString().replace(/\.\d{3}Z$/, 'Z')}, commit ${commit || 'unknown'}` +
      (report.performance ? ` — setup ${minutes(report.performance.setup)}, initial test run ${minutes(report.performance.initialRun)}, mutants ${minutes(report.performance.mutation)}` : ''),
    '',
    '| folder | files mutated | mutants | killed | timeout | survived | no coverage | errors | score | score of covered code |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of scores) {
    if (s.filesMutated === 0) {
      lines.push(`| \`${s.folder}/\` | 0 of ${s.filesInFolder} | not yet measured | | | | | | | |`);
      continue;
    }
    const files = s.filesMutated < s.filesInFolder ? `${s.filesMutated} of ${s.filesInFolder} (partial run)` : `${s.filesMutated} of ${s.filesInFolder}`;
    lines.push(
      `| \`${s.folder}/\` | ${files} | ${s.mutants} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.errors} | ${pct(s.score)} | ${pct(s.coveredScore)} |`,
    );
  }
  const mutated = scores.reduce((sum, s) => sum + s.filesMutated, 0);
  const total = scores.reduce((sum, s) => sum + s.filesInFolder, 0);
  if (mutated < total) lines.push('', `**Partial run**: ${mutated} of ${total} files were mutated (\`--mutate\`); a folder's score is that of its mutated files alone.`);
  lines.push('', 'Score = (killed + timeout) / (killed + timeout + survived + no coverage). Errors (compile/runtime) and ignored mutants do not count.');
  const survivors = scores.flatMap((s) => s.survivorsByFile);
  if (survivors.length) {
    lines.push('', 'Files with survivors (details: `reports/mutation/mutation.html`):', '', '| file | survived | no coverage |', '|---|---:|---:|');
    for (const f of survivors) lines.push(`| \`${f.file}\` | ${f.survived} | ${f.noCoverage} |`);
  }
  lines.push(END);
  return lines.join('\n');
}

/** The file with its generated section replaced (or added), the hand-written notes kept. */
export function mergeInto(previous: string | null, section: string): string {
  if (previous && previous.includes(START) && previous.includes(END)) {
    return previous.slice(0, previous.indexOf(START)) + section + previous.slice(previous.indexOf(END) + END.length);
  }
  const header = '# Mutation score (Stryker)\n\n`npm run mutation` (stryker.config.mjs) writes the table below; notes outside it are kept.\n\n';
  return `${previous ?? header}${previous ? '\n\n' : ''}${section}\n`;
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const reportFile = option('--report', 'reports/mutation/mutation.json');
  const out = option('--out', 'bench/MUTATION.md');
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
  const scores = scoresPerFolder(report);
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const commit = `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`;
  writeFileSync(out, mergeInto(existsSync(out) ? readFileSync(out, 'utf8') : null, renderSection(scores, report, new Date(), commit)));
  for (const s of scores) console.info(`${s.folder}: ${s.filesMutated ? `${pct(s.score)} (${s.mutants} mutants, ${s.filesMutated} of ${s.filesInFolder} files)` : 'not yet measured'}`);
  console.info(`written to ${out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
