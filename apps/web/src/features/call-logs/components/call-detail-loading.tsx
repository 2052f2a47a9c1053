import { LoadingBlocks } from '../../../components/loading-blocks';

/** A call's detail while its code or its data is on the way. */
export function CallDetailLoading() {
  return <LoadingBlocks label="Loading the call…" heights={[72, 120, 200]} gap="md" />;
}
