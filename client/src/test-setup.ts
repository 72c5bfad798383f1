import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy dialogs and route modules are transformed on first use, which is slow on a busy machine:
// give waits and tests room rather than fail on load.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());
