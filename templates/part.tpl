{{%AUTOESCAPE context="HTML"}}
{{! One part's field of the form (form.tpl, PARTS), in pieces that render.c
    renders once per catalog: HEAD and TAIL go around the part's options
    (option.tpl); TEXT is the text input of a part with more words than a
    select should hold, holding the requested word (WANT). }}
{{#HEAD}}
<label class="field"><span>{{PART_LABEL}}</span>
<select name="attribute[{{PART_NAME}}]">
<option value="">random</option>
{{/HEAD}}
{{#TAIL}}
</select></label>
{{/TAIL}}
{{#TEXT}}
<label class="field"><span>{{PART_LABEL}}</span>
<input type="text" name="attribute[{{PART_NAME}}]" maxlength="64" placeholder="random" value="{{WANT}}"></label>
{{/TEXT}}
