// The vgm module's front door: SOLAS VGM declarations of a booking's containers (issue 26). Nothing else of the
// folder is reached from outside it (npm run lint checks).
export { vgmRoutes } from './vgm.routes';
export { createVgmService } from './vgm.service';
