{{%AUTOESCAPE context="HTML"}}
{{! The moderators' login form (moderate.c). }}
<form class="generate login" method="post" action="/login">
<input type="hidden" name="csrf" value="{{CSRF}}">
<div class="fields">
<label class="field"><span>Name</span>
<input type="text" name="name" required maxlength="64" autocomplete="username" value="{{NAME}}"></label>
<label class="field"><span>Password</span>
<input type="password" name="password" required autocomplete="current-password"></label>
</div>
<p class="actions"><button type="submit">Log in</button></p>
</form>
