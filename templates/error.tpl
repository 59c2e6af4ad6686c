{{%AUTOESCAPE context="HTML"}}
{{! The problems with the request, each named by its field, shown above the
    form so the person can correct them all at once. The field's name is
    its own class (error-field), not .field: that is the form's flex
    column, which broke "tier" onto a line of its own. }}
<div class="error" role="alert">
<h2>That did not work</h2>
<ul class="errors">
{{#ERR}}<li>{{#FIELD}}<strong class="error-field">{{FIELD_NAME}}</strong>: {{/FIELD}}{{MESSAGE}}</li>
{{/ERR}}
</ul>
</div>
