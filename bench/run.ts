/** `npm run bench`: runs every benchmark in turn and prints its figures. */
import { benchCoreApi } from './core-api.js';

console.log(`Outpost benchmarks — node ${process.version}, ${new Date().toISOString()}`);
console.log('\n## core API');
await benchCoreApi();
