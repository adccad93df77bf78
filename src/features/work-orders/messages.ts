/*
 * spec 3 §8 Work orders: the confirmations verbatim; the success toasts the spec lists without their
 * wording ("Exact wording is not shown"), worded here in the style of the parts-order toasts it does show.
 */
export const WORK_ORDER_CONFIRMATIONS = {
  deleteItem: 'Are you sure you want to delete this item?',
  cancelStaged: 'By canceling this work order it will be permanently removed from the system. Do you wish to continue?',
  unsavedChanges: 'You have unsaved changes, are you sure you want to close the form?',
  archive: 'Are you sure you want to archive this work order?',
  /** spec 3 §8: asked for a submitted work order's Cancel; confirming does nothing. */
  cancelWorkOrder: 'Are you sure you wish to cancel this work order?',
} as const;

export const WORK_ORDER_TOASTS = {
  lineItemRemoved: 'Service item has been removed!',
  partsItemRemoved: 'Parts item has been removed!',
  attachmentRemoved: 'Attachment has been removed!',
  canceled: 'Work order has been canceled!',
  removed: 'Work order has been successfully removed!',
  submitted: 'Work order has been successfully submitted!',
  infoUpdated: 'Work order information has been successfully updated!',
  additionalInfoUpdated: 'Additional information has been successfully updated!',
  lineItemAdded: 'Service item has been successfully added!',
  lineItemUpdated: 'Service item has been successfully updated!',
  partsItemAdded: 'Parts Item has been successfully added!',
  partsItemUpdated: 'Parts Item has been successfully updated!',
  attachmentAdded: 'Attachment has been successfully added!',
  attachmentUpdated: 'Attachment has been successfully updated!',
  archived: 'Work order has been successfully archived!',
  created: 'Work order has been created!',
} as const;

/** spec 3 §8 */
export const ARCHIVE_ERROR = 'Error Archiving Work Order.';
