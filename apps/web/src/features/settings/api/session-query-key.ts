/**
 * The signed-in user's query (features/auth owns it; features do not import each other). The
 * settings screens write the changed user into it and refetch it.
 */
export const sessionQueryKey = ['auth', 'me'] as const;
