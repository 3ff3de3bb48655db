// Entry of dist/server.js: `node dist/server.js --stdio` (or --node-ipc, as VS Code starts it).
import { startServer } from './server';

startServer();
