import { fuzzWriteEndpoints } from './fuzz/suite';

// Issue 14 §2's fuzz suite (tests/api/fuzz/suite.ts), part 1 of 3.
fuzzWriteEndpoints(0, 3);
