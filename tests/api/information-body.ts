import type { ServiceRequest } from '../../src/contract';

/**
 * The body of PUT /api/service/{id} (the Information form) as the request has it, what the client sends when nothing
 * is changed, with `changes` over it.
 */
export const informationBody = (request: ServiceRequest, changes: Record<string, unknown> = {}) => ({
  requestType: request.requestType,
  caseSubject: request.caseSubject,
  caseDescription: request.caseDescription,
  technician: request.technician,
  requestDate: request.requestDate,
  scheduledDate: request.scheduledDate,
  performedDate: request.performedDate,
  startDate: request.startDate,
  endDate: request.endDate,
  tripTime: request.tripTime,
  mileage: request.mileage,
  otherCosts: request.otherCosts,
  signatureOnFile: request.signatureOnFile,
  isUnderWarranty: request.isUnderWarranty,
  rowVersion: request.rowVersion,
  ...changes,
});
