import { zodResolver } from '@hookform/resolvers/zod';
import { SignInFormSchema } from '@lading/contract/accounts';

/** Loaded by the login page when the user reaches the form (see lazyResolver): zod stays off its first load. */
export const signInResolver = zodResolver(SignInFormSchema);
