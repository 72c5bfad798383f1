/** The administrator the global setup creates for tests to call the API with. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e administrator', realname: 'E2E Admin' } as const;

/** The built-in administrator (DESIGN 6), as the global setup starts it. */
export const BUILTIN_ADMIN = { email: 'admin@example.com', username: 'admin', password: 'administrator' } as const;
