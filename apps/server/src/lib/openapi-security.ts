/** OpenAPI security of routes that need a session: the `authToken` cookie or a Bearer token. */
export const sessionSecurity: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
