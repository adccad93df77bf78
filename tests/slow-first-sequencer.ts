import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then longest by the last run's timings, then largest file), grouped by project, with
 * the files known to be long put first of all, longest first, so that two workers end near each other. On a fresh
 * clone there are no timings, and the fuzz suite's parts, three lines each, would start last and run alone at the end
 * while the other worker idles. Longest first as measured on PGlite (fuzz-3 about 230 s, fuzz-2 180, cli 140, fuzz-1
 * 120, production-mode 30); keep the list current when files move.
 */
const LONG_FILES = [
  /\/tests\/api\/fuzz-3\.test\.ts$/,
  /\/tests\/api\/fuzz-2\.test\.ts$/,
  /\/tests\/api\/cli\.test\.ts$/,
  /\/tests\/api\/fuzz-1\.test\.ts$/,
  /\/tests\/api\/production-mode\.test\.ts$/,
];

/** The file's place in LONG_FILES, or the list's length for any other file. */
const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? LONG_FILES.length : index;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = (spec: TestSpecification) => sorted.findIndex((other) => other.project.name === spec.project.name);
    return sorted.sort((a, b) => rank(a) - rank(b) || project(a) - project(b));
  }
}
