import { useMutation } from '@tanstack/react-query';
import type { RegistrationInput } from '@geria/domain/rules/registration.ts';
import { publicApi } from './clients.ts';

export function useRegister() {
  return useMutation({ mutationFn: (input: RegistrationInput) => publicApi.post('/registration', input) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => publicApi.post('/password/forgot', { email }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordConfirmation: string }) => publicApi.post('/password/reset', input),
  });
}
