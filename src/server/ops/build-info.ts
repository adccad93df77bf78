import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { version } from '../../../package.json';

export interface BuildInfo {
  version: string;
  /** The commit the server was built from, or "unknown". */
  commit: string;
}

const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The git directory of a checkout at `root`: `.git` itself, or where a worktree's `.git` file points. */
function gitDirOf(root: string): string | undefined {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return undefined;
  }
  const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '')?.[1]?.trim();
  return pointer ? resolve(root, pointer) : undefined;
}

/**
 * The commit HEAD names, read from the files git keeps (HEAD, then its ref's file or packed-refs) without running git: a
 * start must not wait on a process, and a deployed image has no git. A worktree keeps its HEAD in its own directory and
 * its refs in the common one.
 */
export function commitOfCheckout(root: string): string | undefined {
  const gitDir = gitDirOf(root);
  if (!gitDir) return undefined;
  const head = readText(join(gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (COMMIT.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  const common = readText(join(gitDir, 'commondir'))?.trim();
  const refsDir = common ? resolve(gitDir, common) : gitDir;
  const loose = readText(join(refsDir, ref))?.trim() ?? readText(join(gitDir, ref))?.trim();
  if (loose && COMMIT.test(loose)) return loose;
  for (const line of (readText(join(refsDir, 'packed-refs')) ?? '').split('\n')) {
    const [commit, name] = line.trim().split(/\s+/);
    if (name === ref && commit && COMMIT.test(commit)) return commit;
  }
  return undefined;
}

/**
 * What `homesite_build_info` says: the version of package.json, and the commit from HOMESITE_COMMIT (set by a build or a
 * deployment), else from the checkout the server runs in, else "unknown".
 */
export function buildInfo(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): BuildInfo {
  const fromEnv = env.HOMESITE_COMMIT?.trim();
  return { version, commit: fromEnv || commitOfCheckout(root) || 'unknown' };
}
