// The points calls of SPEC §7 (server/points/router.ts): records, balance with the tasks, the
// summary, receiving a task's points and redeeming them. Loaded only by the points pages.
import type { IntegralDetails, PointsBalance, PointsRecordPage, PointsTaskType, ReceiveAnswer, UserVipIntegral } from '../../shared/points';
import { http } from './http-client';

export function getIntegralRecord(page: number, size: number): Promise<PointsRecordPage> {
  return http.request<PointsRecordPage>('/user/getIntegralRecord', { params: { page, size } });
}

export function getIntegralDetails(): Promise<IntegralDetails> {
  return http.request<IntegralDetails>('/vip/integral/user/integralDetails');
}

export function getUserVipIntegral(): Promise<UserVipIntegral> {
  return http.request<UserVipIntegral>('/user/getUserVipIntegral');
}

/** Refusals (already received, not done yet) reach the visitor as the client's error toast. */
export function receiveIntegral(taskType: PointsTaskType): Promise<ReceiveAnswer> {
  return http.request<ReceiveAnswer>('/integral/receiveIntegral', { params: { taskType } });
}

export function exchangeIntegral(): Promise<PointsBalance> {
  return http.request<PointsBalance>('/integral/exchangeIntegral', { method: 'POST', json: {} });
}
