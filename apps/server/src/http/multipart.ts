/** Whether an error (e.g. @fastify/multipart's or busboy's while a form is read) has one of the codes. */
export const hasErrorCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  codes.includes(error.code);
