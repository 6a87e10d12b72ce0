// The advert strip above the header. Its content comes from /api/getAdvertising after load; a
// failure is silent (SPEC §7) and the strip keeps its default text, so the page never jumps.
import { useEffect, useState } from 'react';
import { getAdvertising, type Advert } from '../api/site';

export function AdvertHead({ position }: { position: number }) {
  const [advert, setAdvert] = useState<Advert | null>(null);
  useEffect(() => {
    let live = true;
    getAdvertising(position).then((list) => live && setAdvert(list?.[0] ?? null));
    return () => {
      live = false;
    };
  }, [position]);
  return (
    <div className="advert-head" data-position={position}>
      {advert ? <a href={advert.link}>{advert.title}</a> : <span>新用户注册即送免费转换次数，会员全站工具不限次使用</span>}
    </div>
  );
}
