/** Query keys of the help area, written once. */
export const helpKeys = {
  all: ['help'] as const,
  documents: () => [...helpKeys.all, 'documents'] as const,
  document: (documentId: number) => [...helpKeys.all, 'document', documentId] as const,
};
