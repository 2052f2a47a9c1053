import { INGEST_FUNCTION } from '../apps/server/src/modules/call-ingest/call-ingest.service';
console.log(INGEST_FUNCTION);
