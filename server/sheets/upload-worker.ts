/** The worker thread of read-off-thread.ts: reads each sheet file it is sent and answers with its cells or a refusal. */
import { parentPort } from 'node:worker_threads';
import { readSheetFile, type SheetFileRequest } from './sheet-file';

parentPort?.on('message', (request: SheetFileRequest) => {
  void readSheetFile(request).then((answer) => parentPort?.postMessage(answer));
});
