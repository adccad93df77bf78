import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then longest by the last run's timings, then largest file) with the files known to be
 * long put first in their project. On a fresh clone there are no timings and the fuzz suite's parts, three lines each,
 * would start last and run alone at the end while the other worker idles.
 */
const LONG_FILES = [/\/tests\/api\/fuzz-\d+\.test\.ts$/, /\/tests\/api\/cli\.test\.ts$/, /\/tests\/api\/production-mode\.test\.ts$/];

const isLong = (spec: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(spec.moduleId));

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = (spec: TestSpecification) => sorted.findIndex((other) => other.project.name === spec.project.name);
    return sorted.sort((a, b) => project(a) - project(b) || Number(isLong(b)) - Number(isLong(a)));
  }
}
