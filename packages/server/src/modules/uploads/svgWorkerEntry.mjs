// The SVG checking thread (svgChecker.ts) starts without the TypeScript loader the server runs under
// (`node --import tsx`): it registers one, then loads its module.
import { register } from 'tsx/esm/api';

register();
await import('./svgWorker.ts');
