// The map's looks: a few themes in the spirit of XMind's defaults. Colours only; sizes are the layout's.
import type { ThemeId } from '../../../../shared/mindmap/document';

export interface Theme {
  name: string;
  background: string;
  rootFill: string;
  rootText: string;
  /** Main branch colours, in turn. */
  palette: string[];
  /** Text on a main branch's filled box. */
  branchText: string;
  /** Text of deeper topics. */
  topicText: string;
}

export const THEMES: Record<ThemeId, Theme> = {
  classic: { name: '经典', background: '#f6f8fb', rootFill: '#26344f', rootText: '#ffffff', palette: ['#e8553e', '#f29b1d', '#22a873', '#2d8cf0', '#8a5cf6', '#e0498f', '#119da4'], branchText: '#ffffff', topicText: '#1f2937' },
  business: { name: '商务', background: '#f3f5f9', rootFill: '#1d3b72', rootText: '#ffffff', palette: ['#2f5fa8', '#3f7fc6', '#4f6d8f', '#1b8ab3', '#5b6fae', '#2f8f8a'], branchText: '#ffffff', topicText: '#243042' },
  fresh: { name: '清新', background: '#f4fbf7', rootFill: '#0f9f6e', rootText: '#ffffff', palette: ['#34b78f', '#6cc04a', '#29a9c5', '#f0a43a', '#e77d8f', '#9a8ce0'], branchText: '#ffffff', topicText: '#23413a' },
  dark: { name: '暗夜', background: '#1c2029', rootFill: '#f2b63c', rootText: '#1c2029', palette: ['#ff7a59', '#ffc53d', '#5cdbd3', '#69b1ff', '#b37feb', '#ff85c0'], branchText: '#1c2029', topicText: '#e6e9ef' },
};

/** Colours offered in the node colour picker. */
export const NODE_COLORS = ['#e8553e', '#f29b1d', '#d4b106', '#22a873', '#119da4', '#2d8cf0', '#1d3b72', '#8a5cf6', '#e0498f', '#6b7280'];
