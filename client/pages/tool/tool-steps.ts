// The 如何使用 steps of a tool page, written from the tool itself: what it takes, what there is to
// set (nothing, and then no such step), what its button says. The same words the page's controls
// use, so the steps read as directions for this page.
import type { Tool } from '../../../shared/catalogue';
import type { ToolSetup } from './tool-options';

export interface ToolStep {
  title: string;
  text: string;
}

/** The formats a tool accepts, as the upload hint names them (pdf → PDF; a long list cut short). */
function acceptedKinds(tool: Tool): string {
  const names = tool.accept.map((ext) => ext.toUpperCase());
  return names.length > 4 ? `${names.slice(0, 4).join('、')}等` : names.join('、');
}

function setupStep(setup: ToolSetup): ToolStep | undefined {
  if (setup.ordered) return { title: '调整顺序', text: '拖动文件或用上下箭头排好顺序，结果按列表从上到下排列' };
  if (setup.editor === 'crop') return { title: '选取范围', text: '在图片上拖动裁剪框，或选择比例、旋转和翻转' };
  if (setup.editor === 'waveform') return { title: '选取片段', text: '在波形上拖动两端的把手，或直接填写开始和结束时间' };
  if (setup.editor === 'id-photo' || setup.preview === 'id-photo') return { title: '选择底色和尺寸', text: '选好底色和证件照尺寸，预览满意后再下载' };
  const labels = setup.fields.filter((field) => field.kind !== 'hidden').map((field) => field.label);
  if (setup.pagePicking && labels.length === 0) return { title: '选择页面', text: `在页面缩略图上${setup.pagePicking.title}` };
  if (labels.length === 0) return undefined;
  const named = labels.slice(0, 3).join('、') + (labels.length > 3 ? '等' : '');
  return { title: '设置选项', text: `按需要设置${named}，不调整也有合适的默认值` };
}

export function toolSteps(tool: Tool, setup: ToolSetup, retentionHours: number): ToolStep[] {
  const many = tool.maxFiles.guest > 1 || tool.maxFiles.user > 1;
  const upload: ToolStep = {
    title: '上传文件',
    text: `点击“选择文件”或把${acceptedKinds(tool)}文件拖到上方区域${many && setup.maxFiles !== 1 ? '，可一次选择多个' : ''}`,
  };
  const run: ToolStep = {
    title: `${setup.action}并下载`,
    text: `点击“${setup.action}”，完成后下载结果；文件会在 ${retentionHours} 小时后自动删除`,
  };
  const middle = setupStep(setup);
  return middle ? [upload, middle, run] : [upload, run];
}
