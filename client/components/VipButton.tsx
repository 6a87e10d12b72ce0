// 开通会员 (续费会员 for a member): opens the payment layer; a plain link to the benefits page until
// the page is interactive. In the header and in the phone menu.
import type { MouseEvent } from 'react';
import { PAYMENT_PATH, usePayLayer, useVipState } from './pay';
import './vip-link.css';

export function VipButton({ onOpen }: { onOpen?: () => void }) {
  const openPay = usePayLayer();
  const { isVip } = useVipState();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onOpen?.();
    openPay({ from: 'header' });
  };
  return (
    <a className={`vip-link${isVip ? ' is-vip' : ''}`} href={PAYMENT_PATH} onClick={onClick}>
      <span className="vip-link-crown" aria-hidden="true" />
      {isVip ? '续费会员' : '开通会员'}
    </a>
  );
}
