// The users module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { selectUserRead, toUser } from './user-read';
export { CUSTOMER_JSON } from './users.fragments';
export { usersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
