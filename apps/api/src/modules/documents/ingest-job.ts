/** The stable id of a document's ingest job: queuing it again while it exists is a no-op. */
export const ingestJobKey = (documentId: number) => `ingest:${documentId}`;
