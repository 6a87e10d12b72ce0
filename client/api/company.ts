// Company accounts (server/company/router.ts).
import { http } from './http-client';

export interface CompanyMember {
  /** Masked, as shown; fullMobile is the number the company typed (for unlinking). */
  mobile: string;
  fullMobile: string;
  userId: number | null;
  status: 'invited' | 'linked';
  createdAt: number;
}

export interface CompanyInvitation {
  companyId: number;
  companyName: string;
  status: 'invited' | 'linked';
}

export const registerCompany = (companyName: string) => http.request<{ companyName: string }>('/api/company/register', { method: 'POST', json: { companyName } });
export const inviteMember = (mobile: string) => http.request('/api/company/invite', { method: 'POST', json: { mobile } });
export const companyMembers = () => http.request<{ list: CompanyMember[] }>('/api/company/members');
export const unlinkMember = (mobile: string) => http.request('/api/company/unlink', { method: 'POST', json: { mobile } });
export const companyInvitations = () => http.request<{ list: CompanyInvitation[] }>('/api/company/invitations');
export const acceptInvitation = (companyId: number) => http.request('/api/company/accept', { method: 'POST', json: { companyId } });
export const leaveCompany = (companyId: number) => http.request('/api/company/leave', { method: 'POST', json: { companyId } });
