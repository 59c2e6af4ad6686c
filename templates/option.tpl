{{%AUTOESCAPE context="HTML"}}
{{! One option of a select of the form. render.c renders each option of a
    catalog once, plain and with SEL, and splices the pieces into the form
    (form.tpl, the x-frag variables). }}
<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>
