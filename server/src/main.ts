// Entry of dist/server.js: `node dist/server.js --stdio` (as the VS Code client starts it; --node-ipc, --socket, --pipe also work).
import { startServer } from './server';
import { tuneHeapForServer } from './lsp/heapTuning';
import { tuneJitForServer } from './lsp/jitTuning';

tuneJitForServer();
tuneHeapForServer();
startServer();
