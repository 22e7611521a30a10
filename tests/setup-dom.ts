import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reportAnswer } from '#client/lib/connection.js';

// findBy* and waitFor wait for a state, not for a time: on a loaded machine (CI runs the lanes
// side by side) a lazy chunk or a chain of queries can take seconds to settle. A state that
// never comes still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// A test whose stubbed network failed leaves "connection trouble" behind, with its check of the
// network every few seconds: end it, so it neither shows nor calls in the next test.
afterEach(() => reportAnswer());
