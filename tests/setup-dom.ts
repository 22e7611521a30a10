import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for a state, not for a time: on a loaded machine (CI runs the lanes
// side by side) a lazy chunk or a chain of queries can take seconds to settle. A state that
// never comes still fails, only later.
configure({ asyncUtilTimeout: 10_000 });
