import { configure } from '@testing-library/react';

// A screen's findBy and waitFor wait up to 10 s instead of 1 s: on a loaded 2-core machine a first render of a lazy route can take
// longer than a second. A wait still ends as soon as what it looks for appears, so passing runs are no slower.
configure({ asyncUtilTimeout: 10_000 });
