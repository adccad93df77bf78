import { configure } from '@testing-library/react';

// A screen's findBy waits up to 5 s instead of 1 s: on a loaded 2-core machine a first render of a lazy route can take
// longer than a second. A wait still ends as soon as what it looks for appears, so passing runs are no slower.
configure({ asyncUtilTimeout: 5_000 });
