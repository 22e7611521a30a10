/** API paths: Direct messages. */

export const messages = '/api/direct_message';
export const userMessages = (userId: number) => `/api/direct_message/${userId}`;
export const listingSender = '/api/direct_message/listing-sender/get';
export const markRead = '/api/direct_message/read';
