/** API paths: The live event stream, health and the public configuration. */

export const events = '/api/events';
export const health = '/api/health';
export const config = '/api/config';
