// The full contract with its zod schemas. Only ever imported dynamically (see client.ts) so zod stays out of the
// first-paint bundle; screens that validate forms import the schemas they need themselves.
export { endpoints } from '@shabaash/shared';
