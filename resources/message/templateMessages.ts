/**
 * The message page's templates tab (`resources.message_template.*`): field labels from the definition
 * (domain/message.ts); the tab's name, actions, confirmations and dialog inputs here.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { messageTemplate } from '../../domain/message';
import type { MessageModule } from '../../i18n/core';

const template = (lang: Language) => entityMessages(messageTemplate, lang);

export default {
  'zh-CN': {
    resources: {
      message_template: {
        name: '消息模板',
        ...template('zh-CN'),
        actions: { create: '新建模板', edit: '编辑', delete: '删除' },
        confirm: { delete: '删除模板「%{name}」？已发送的消息不受影响。' },
        inputs: {
          name: '模板名称',
          title: '标题（中文）',
          title_en: '标题（英文）',
          body: '正文（中文）',
          body_en: '正文（英文）',
        },
      },
    },
  },
  'en-US': {
    resources: {
      message_template: {
        name: 'Message templates',
        ...template('en-US'),
        actions: { create: 'New template', edit: 'Edit', delete: 'Delete' },
        confirm: { delete: 'Delete the template "%{name}"? Messages already sent keep their texts.' },
        inputs: {
          name: 'Template name',
          title: 'Title (Chinese)',
          title_en: 'Title (English)',
          body: 'Body (Chinese)',
          body_en: 'Body (English)',
        },
      },
    },
  },
} satisfies MessageModule;
