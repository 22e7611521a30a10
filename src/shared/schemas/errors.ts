import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** Every error answer of the API. */
export const errorBody = z.object({ message: z.string(), code: z.enum(ERROR_CODES) });
export type ErrorBody = z.infer<typeof errorBody>;
