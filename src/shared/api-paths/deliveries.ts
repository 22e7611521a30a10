/**
 * API paths: orders on their way, as delivery requests (buyer and seller) and deliveries (the
 * courier's updates and position).
 */

export const deliveryRequests = '/api/delivery_request';
export const vendorDeliveryRequests = (userId: number) => `/api/delivery_request/vendor/${userId}`;
export const listingBuyer = '/api/delivery_request/listing-buyer';
export const deliveryRequest = (id: number) => `/api/delivery_request/${id}`;
export const acceptRequest = (id: number) => `/api/delivery_instruction/request/accept/${id}`;
export const deliveries = '/api/delivery_instruction';
export const unassigned = '/api/delivery_instruction/courier/unassigned';
export const courierDeliveries = (userId: number) => `/api/delivery_instruction/courier/${userId}`;
export const delivery = (id: number) => `/api/delivery_instruction/${id}`;
export const deliveryPosition = (id: number) => `/api/delivery_instruction/${id}/position`;
