// The online mind map: a central topic with branches the visitor adds, renames and removes.
import { useState } from 'react';
import './mindmap.css';

interface Branch {
  id: number;
  text: string;
}

export default function MindMapPage() {
  const [topic, setTopic] = useState('中心主题');
  const [branches, setBranches] = useState<Branch[]>([
    { id: 1, text: '分支主题 1' },
    { id: 2, text: '分支主题 2' },
  ]);
  const add = () => setBranches((b) => [...b, { id: Math.max(0, ...b.map((x) => x.id)) + 1, text: `分支主题 ${b.length + 1}` }]);
  return (
    <div className="mindmap">
      <div className="mindmap-toolbar">
        <h1>在线思维导图</h1>
        <button type="button" className="btn btn-primary" onClick={add}>
          添加分支
        </button>
      </div>
      <div className="mindmap-canvas">
        <input className="mindmap-topic" value={topic} onChange={(e) => setTopic(e.target.value)} aria-label="中心主题" />
        <ul className="mindmap-branches">
          {branches.map((b) => (
            <li key={b.id}>
              <input value={b.text} aria-label="分支主题" onChange={(e) => setBranches((all) => all.map((x) => (x.id === b.id ? { ...x, text: e.target.value } : x)))} />
              <button type="button" aria-label="删除分支" onClick={() => setBranches((all) => all.filter((x) => x.id !== b.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
