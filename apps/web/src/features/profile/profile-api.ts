import { ProfileView, type ChangePasswordBody, type UpdateProfileBody } from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';

export const profileKeys = { mine: () => ['profile'] as const };

export const profileApi = {
  get: () => call(ProfileView, '/api/v1/profile'),
  update: (body: UpdateProfileBody) => call(ProfileView, '/api/v1/profile', { method: 'PATCH', body: JSON.stringify(body) }),
  changePassword: (body: ChangePasswordBody) => call(NoContent, '/api/v1/profile/password', { method: 'POST', body: JSON.stringify(body) }),
};
