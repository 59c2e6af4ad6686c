{{%AUTOESCAPE context="HTML"}}
{{! One problem with the request, named by field, shown above the form so
    the person can correct it. }}
<div class="error" role="alert">
<h2>That did not work</h2>
<p>{{#FIELD}}<strong class="field">{{FIELD_NAME}}</strong>: {{/FIELD}}{{MESSAGE}}</p>
</div>
