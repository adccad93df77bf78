import { fuzzWriteEndpoints } from './fuzz/suite';

// Issue 14 §2's fuzz suite (tests/api/fuzz/suite.ts), part 2 of 3.
fuzzWriteEndpoints(1, 3);
